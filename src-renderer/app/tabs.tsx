import type { ComponentType } from 'react';
import { ChatTab } from '../features/chat/ChatTab';
import { JudgeTab } from '../features/judge/JudgeTab';
import { MediaTab } from '../features/media/MediaTab';
import { SettingsTab } from '../features/settings/SettingsTab';
import { VideoTab } from '../features/video/VideoTab';
import type { MessageKey } from '../i18n/i18n';
import type { TabId } from './ui-store';

export interface TabDef {
  id: TabId;
  label: MessageKey;
  component: ComponentType;
}

/** The app's sections in order; Ctrl+1…5 follow this order. A feature adds its entry here. */
export const tabs: TabDef[] = [
  { id: 'chat', label: 'tab.chat', component: ChatTab },
  { id: 'media', label: 'tab.media', component: MediaTab },
  { id: 'video', label: 'tab.video', component: VideoTab },
  { id: 'judge', label: 'tab.judge', component: JudgeTab },
  { id: 'settings', label: 'tab.settings', component: SettingsTab },
];
