import { create } from 'zustand';
import { extraText } from '../../../src-shared/request/extra-body';
import { defaultVideoForm, type VideoForm } from '../../../src-shared/video/video-request';

interface VideoUiState {
  /** The draft survives tab switches and failed sends (never lose the user's work). */
  form: VideoForm;
  /** The extra-body-fields editor's text, as typed (it becomes `form.extra` when sent). */
  extraText: string;
  /** Set when a task's settings were copied into the form, to say so once. */
  rerunOf?: string;
  /** Bumped by every re-run, so the form can reset its raw text inputs. */
  rerunSeq: number;
  setForm: (patch: Partial<VideoForm>) => void;
  setExtraText: (text: string) => void;
  rerun: (taskId: string, form: VideoForm) => void;
}

export const useVideo = create<VideoUiState>((set) => ({
  form: defaultVideoForm(),
  extraText: '',
  rerunSeq: 0,
  setForm: (patch) => set((s) => ({ form: { ...s.form, ...patch }, rerunOf: undefined })),
  setExtraText: (text) => set({ extraText: text, rerunOf: undefined }),
  rerun: (taskId, form) =>
    set((s) => ({
      form: { ...form, images: [...form.images] },
      extraText: extraText(form.extra),
      rerunOf: taskId,
      rerunSeq: s.rerunSeq + 1,
    })),
}));
