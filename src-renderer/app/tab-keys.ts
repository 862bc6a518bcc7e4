/**
 * The tab-bar keyboard pattern (WAI-ARIA tabs): arrows move to the neighbouring tab and wrap,
 * Home/End jump to the ends. Returns the index to select, or -1 when the key is not one of them.
 */
export function nextTabIndex(key: string, current: number, count: number): number {
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return -1;
  }
}
