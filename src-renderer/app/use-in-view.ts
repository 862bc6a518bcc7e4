import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Whether the element is on screen (or near it). A timer that only changes text need not tick
 * for what nobody can see: twenty running video tasks must not redraw twenty times a second.
 */
export function useInView<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => setInView(entries.some((e) => e.isIntersecting)), {
      rootMargin: '100px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, []);
  return [ref, inView];
}
