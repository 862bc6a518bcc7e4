#!/usr/bin/env node
// `npx gatehouse …` from this project: the command line is TypeScript, run through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./gatehouse-cli.ts');
