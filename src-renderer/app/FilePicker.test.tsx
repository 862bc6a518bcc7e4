import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en';
import { type Catalog, speakForTests } from '../i18n/i18n';
import { zhCN } from '../i18n/zh-CN';
import { chooseFiles } from '../test/choose-file';
import { FilePicker } from './FilePicker';

describe('FilePicker', () => {
  afterEach(() => speakForTests('en', en as Catalog));

  it('speaks the window’s language, not the browser’s, and shows the file chosen', () => {
    speakForTests('zh-CN', zhCN);
    const onFiles = vi.fn();
    render(
      <FilePicker
        id="f"
        label="文件（CSV、JSONL 或 JSON）"
        button="选择文件…"
        accept=".csv"
        onFiles={onFiles}
      />,
    );
    // The name keeps the field's label and holds the words the button shows.
    const button = screen.getByRole('button', { name: '文件（CSV、JSONL 或 JSON） 选择文件…' });
    expect(button.getAttribute('aria-describedby')).toBe('f-chosen');
    expect(screen.getByText('未选择文件')).toBeTruthy();
    // The native control is out of sight and out of the tab order.
    expect(document.querySelector('input[type="file"]')?.hasAttribute('hidden')).toBe(true);
    const file = new File(['a,b'], 'cases.csv', { type: 'text/csv' });
    chooseFiles(button, [file]);
    expect(onFiles).toHaveBeenCalledWith([file]);
    expect(screen.getByText('cases.csv')).toBeTruthy();
    expect(screen.queryByText('未选择文件')).toBeNull();
  });

  it('is named by its words alone when it has no field label', () => {
    render(
      <FilePicker id="g" button="Import a question set (JSON file)" accept=".json" onFiles={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Import a question set (JSON file)' })).toBeTruthy();
    expect(screen.getByText('No file chosen')).toBeTruthy();
  });
});
