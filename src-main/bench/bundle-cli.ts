import { printBundleReport } from './bundle-report';

/** `npm run bundle-report` (after a build): the window's chunks and what loads at start. */
printBundleReport();
