import type { SandboxRoute } from './route-types';

export type RouteMatch =
  | { kind: 'found'; route: SandboxRoute; params: Record<string, string> }
  | { kind: 'wrong-method'; allowed: string[] }
  | { kind: 'none' };

export function matchRoute(routes: readonly SandboxRoute[], method: string, path: string): RouteMatch {
  const allowed: string[] = [];
  for (const route of routes) {
    const params = matchPath(route.path, path);
    if (!params) continue;
    if (route.method === method) return { kind: 'found', route, params };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? { kind: 'wrong-method', allowed } : { kind: 'none' };
}

function matchPath(pattern: string | RegExp, path: string): Record<string, string> | undefined {
  if (typeof pattern === 'string') return pattern === path ? {} : undefined;
  const m = new RegExp(`^(?:${pattern.source})$`, pattern.flags.replace('g', '')).exec(path);
  if (!m) return undefined;
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(m.groups ?? {})) if (v !== undefined) params[k] = decodeURIComponent(v);
  return params;
}
