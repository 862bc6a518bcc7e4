import { fireEvent } from '@testing-library/react';

/**
 * What the system's file dialog does after the user presses a FilePicker's button: jsdom has no
 * dialog, so the files go to the hidden input the button opens.
 */
export function chooseFiles(button: HTMLElement, files: File[]): void {
  fireEvent.click(button);
  const input = button.closest('.file-picker')?.querySelector('input[type="file"]');
  if (!input) throw new Error('not a FilePicker button');
  fireEvent.change(input, { target: { files } });
}
