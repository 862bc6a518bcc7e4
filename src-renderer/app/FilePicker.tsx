import { type Ref, useRef, useState } from 'react';
import { t } from '../i18n/i18n';

export interface FilePickerProps {
  id: string;
  /** The button's words. */
  button: string;
  /** A field label shown above, which also begins the button's name. */
  label?: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
  onFiles: (files: File[]) => void;
}

/**
 * A file field in the window's words: the native control says "Choose File / No file chosen" in
 * the browser's language whatever the window speaks, so it stays hidden behind a button of ours
 * and the name of the file chosen (or "no file chosen").
 */
export function FilePicker(p: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string>();
  return (
    <div className={p.className ? `file-picker ${p.className}` : 'file-picker'}>
      {p.label ? (
        <span id={`${p.id}-label`} className="file-picker-label">
          {p.label}
        </span>
      ) : null}
      <div className="file-picker-row">
        <button
          ref={p.ref}
          id={p.id}
          type="button"
          disabled={p.disabled}
          // The field's label, then the button's own words (which a name must contain).
          aria-labelledby={p.label ? `${p.id}-label ${p.id}` : undefined}
          aria-describedby={`${p.id}-chosen`}
          onClick={() => input.current?.click()}
        >
          {p.button}
        </button>
        <span id={`${p.id}-chosen`} className="file-picker-chosen" title={chosen}>
          {chosen ?? t('common.noFileChosen')}
        </span>
      </div>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        accept={p.accept}
        multiple={p.multiple}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // Picking the same file again is a new pick (an edited file, a retry).
          e.target.value = '';
          if (files.length === 0) return;
          setChosen(files.map((f) => f.name).join(', '));
          p.onFiles(files);
        }}
      />
    </div>
  );
}
