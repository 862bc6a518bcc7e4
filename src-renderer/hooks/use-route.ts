import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EventMap, EventName, RouteName, Routes } from '../../src-shared/ipc/contract';
import type { InputOf, OutputOf } from '../../src-shared/ipc/define-route';
import { call, onEvent, type RouteError } from '../bridge/api';

/** A request/response route as a query keyed `[route, input]`. */
export function useRoute<K extends RouteName>(
  route: K,
  input: InputOf<Routes[K]>,
  options: Omit<UseQueryOptions<OutputOf<Routes[K]>, RouteError>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<OutputOf<Routes[K]>, RouteError>({
    queryKey: [route, input],
    queryFn: () => call(route, input),
    ...options,
  });
}

/**
 * A route that changes something; listed routes are refetched after it succeeds, and `after`
 * runs. Both belong to the mutation, not to one `mutate` call: a call's own callbacks are dropped
 * when the component that made it unmounts first (a grid row scrolled away or re-rendered).
 */
export function useRouteMutation<K extends RouteName>(
  route: K,
  invalidates: RouteName[] = [],
  after?: (output: OutputOf<Routes[K]>, input: InputOf<Routes[K]>) => void,
) {
  const qc = useQueryClient();
  return useMutation<OutputOf<Routes[K]>, RouteError, InputOf<Routes[K]>>({
    mutationFn: (input) => call(route, input),
    onSuccess: (output, input) => {
      for (const r of invalidates) void qc.invalidateQueries({ queryKey: [r] });
      after?.(output, input);
    },
  });
}

export function useEvent<K extends EventName>(event: K, listener: (payload: EventMap[K]) => void): void {
  useEffect(() => onEvent(event, listener), [event, listener]);
}
