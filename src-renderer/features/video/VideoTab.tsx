import { TaskList } from './TaskList';
import { VideoFormPanel } from './VideoFormPanel';
import './video.css';

export function VideoTab() {
  return (
    <div className="video-layout">
      <div className="video-form-col">
        <VideoFormPanel />
      </div>
      <TaskList />
    </div>
  );
}
