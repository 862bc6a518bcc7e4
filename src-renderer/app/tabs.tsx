import { type ComponentType, lazy } from 'react';
import { loadMessages, type MessageKey, type MessagePart } from '../i18n/i18n';
import type { TabId } from './ui-store';

export interface TabDef {
  id: TabId;
  label: MessageKey;
  component: ComponentType;
}

/**
 * Each tab is its own chunk, loaded when first opened (docs/architecture.md, "The window"): the
 * start file carries the shell only, and the Judge tab's charts load with the Judge tab. A tab's
 * strings come with it: its import waits for them, so it never shows a key.
 */
const withMessages = <T,>(part: MessagePart, load: () => Promise<T>): Promise<T> =>
  Promise.all([load(), loadMessages(part)]).then(([m]) => m);
const ChatTab = lazy(() => import('../features/chat/ChatTab').then((m) => ({ default: m.ChatTab })));
const MediaTab = lazy(() =>
  withMessages('media', () => import('../features/media/MediaTab')).then((m) => ({ default: m.MediaTab })),
);
const VideoTab = lazy(() =>
  withMessages('video', () => import('../features/video/VideoTab')).then((m) => ({ default: m.VideoTab })),
);
const JudgeTab = lazy(() =>
  withMessages('judge', () => import('../features/judge/JudgeTab')).then((m) => ({ default: m.JudgeTab })),
);
const EvalsTab = lazy(() =>
  withMessages('evals', () => import('../features/evals/EvalsTab')).then((m) => ({ default: m.EvalsTab })),
);
const SettingsTab = lazy(() =>
  withMessages('settings', () => import('../features/settings/SettingsTab')).then((m) => ({
    default: m.SettingsTab,
  })),
);

/** The app's sections in order; Ctrl+1…6 follow this order. A feature adds its entry here. */
export const tabs: TabDef[] = [
  { id: 'chat', label: 'tab.chat', component: ChatTab },
  { id: 'media', label: 'tab.media', component: MediaTab },
  { id: 'video', label: 'tab.video', component: VideoTab },
  { id: 'judge', label: 'tab.judge', component: JudgeTab },
  { id: 'evals', label: 'tab.evals', component: EvalsTab },
  { id: 'settings', label: 'tab.settings', component: SettingsTab },
];
