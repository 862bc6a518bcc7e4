import type { ButtonHTMLAttributes } from 'react';

type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'title' | 'children'> & {
  /** What the button does, in words: its accessible name, and its tooltip unless `tooltip` is given. */
  label: string;
  /** A shorter tooltip where the name repeats what the row already shows (the item's name). */
  tooltip?: string;
  /** The glyph shown (✎ × ‹ ›); `label`, not the glyph, is what a screen reader announces. */
  glyph: string;
};

/**
 * A button shown as a glyph only. A glyph says nothing to a screen reader and little to a
 * mouse user, so every such button carries a spoken name and a tooltip (the accessibility e2e
 * spec checks both on every tab).
 */
export function IconButton({ label, tooltip, glyph, className = 'ghost small', ...rest }: IconButtonProps) {
  return (
    <button type="button" className={className} aria-label={label} title={tooltip ?? label} {...rest}>
      {glyph}
    </button>
  );
}
