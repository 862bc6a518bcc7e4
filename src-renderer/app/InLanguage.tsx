import { Fragment, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { activeLanguage, onLanguageChange } from '../i18n/i18n';

/**
 * The window in the language it speaks. Strings are read at render, some kept in memoised rows
 * and in DOM built outside React, so a new language builds the window again: the tab, views and
 * drafts live in stores and survive; the control that had focus (the language picker) gets it back.
 */
export function InLanguage({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState(activeLanguage);
  const refocus = useRef<string>(undefined);
  useEffect(
    () =>
      onLanguageChange(() => {
        refocus.current = document.activeElement?.id || undefined;
        setLanguage(activeLanguage());
      }),
    [],
  );
  // Before the new words are painted: the page's language and the focus go with them.
  useLayoutEffect(() => {
    document.documentElement.lang = language;
    if (refocus.current) document.getElementById(refocus.current)?.focus();
    refocus.current = undefined;
  }, [language]);
  return <Fragment key={language}>{children}</Fragment>;
}
