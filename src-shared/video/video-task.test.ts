import { describe, expect, it } from 'vitest';
import { buildVideoRequest, defaultVideoForm, VIDEO_RULES, videoFormProblems } from './video-request';
import { videoFormSchema } from './video-task';

const ok = { model: 'vidmodel-2-0-260128', prompt: 'a cat on a boat' };

function issue(input: unknown): { path: string; message: string } | undefined {
  const r = videoFormSchema.safeParse(input);
  if (r.success) return undefined;
  return { path: r.error.issues[0].path.join('.'), message: r.error.issues[0].message };
}

describe('videoFormSchema (main)', () => {
  it('applies the spec defaults', () => {
    expect(videoFormSchema.parse(ok)).toEqual({
      ...ok,
      images: [],
      ratio: '16:9',
      duration: 10,
      resolution: '720p',
      generateAudio: true,
    });
  });

  it.each([
    [{ duration: 4 }, 'duration', 'must be a whole number of seconds from 5 to 30'],
    [{ duration: 31 }, 'duration', 'must be a whole number of seconds from 5 to 30'],
    [{ duration: 7.5 }, 'duration', 'must be a whole number of seconds from 5 to 30'],
    [{ ratio: '2:1' }, 'ratio', 'must be one of 16:9, 9:16, 1:1, 4:3, 3:4, 21:9, adaptive'],
    [{ resolution: '4k' }, 'resolution', 'must be one of 480p, 720p, 1080p'],
    [{ prompt: '   ' }, 'prompt', 'is required: describe the video'],
    [{ model: '' }, 'model', 'is required: pick or type a video model id'],
    [
      { images: [{ url: 'file:///etc/passwd' }] },
      'images.0.url',
      'must be an http(s) address or an image picked from disk',
    ],
  ])('refuses %j naming the field and the rule', (patch, path, message) => {
    expect(issue({ ...ok, ...patch })).toEqual({ path, message });
  });

  it('refuses a picked image whose data: URL is over the length cap, in main and in the form', () => {
    const huge = `data:image/png;base64,${'A'.repeat(15_000_000)}`;
    expect(issue({ ...ok, images: [{ url: huge }] })).toEqual({
      path: 'images.0.url',
      message: VIDEO_RULES.imageTooLarge,
    });
    expect(videoFormProblems({ ...defaultVideoForm(), prompt: 'x', images: [{ url: huge }] })).toEqual({
      images: VIDEO_RULES.imageTooLarge,
    });
  });

  it('accepts the bounds and data: URLs of picked images', () => {
    expect(issue({ ...ok, duration: 5 })).toBeUndefined();
    expect(issue({ ...ok, duration: 30 })).toBeUndefined();
    expect(issue({ ...ok, images: [{ url: 'data:image/png;base64,iVBORw0KGgo=' }] })).toBeUndefined();
  });
});

describe('videoFormProblems (window) agrees with main', () => {
  it('states the same rules', () => {
    const form = { ...defaultVideoForm(), prompt: '', duration: 31 };
    expect(videoFormProblems(form)).toEqual({
      prompt: 'is required: describe the video',
      duration: 'must be a whole number of seconds from 5 to 30',
    });
    expect(videoFormProblems({ ...defaultVideoForm(), prompt: 'x' })).toEqual({});
  });
});

describe('buildVideoRequest', () => {
  it('builds the spec body with a text item and reference images', () => {
    const body = buildVideoRequest({
      ...defaultVideoForm(),
      prompt: 'waves',
      images: [{ url: 'https://x/y.png', name: 'y.png' }],
      duration: 6,
      generateAudio: false,
    });
    expect(body).toEqual({
      model: 'vidmodel-2-0-260128',
      content: [
        { type: 'text', text: 'waves' },
        { type: 'image_url', image_url: { url: 'https://x/y.png' }, role: 'reference_image' },
      ],
      ratio: '16:9',
      duration: 6,
      resolution: '720p',
      generate_audio: false,
    });
  });
});
