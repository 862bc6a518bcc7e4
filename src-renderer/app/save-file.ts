/**
 * Offers text as a file to save: a download of an object URL (Electron shows its Save dialog,
 * browser mode the browser's). Nothing is written by the window itself.
 */
export function saveFile(file: { fileName: string; mime: string; content: string }): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: `${file.mime};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy by the next task; the URL would otherwise hold the text.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
