import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { requirementBoardList } from '@ub/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type BoardPage = z.infer<typeof requirementBoardList>;
export interface BoardQuery {
  page: number;
  search: string;
  state: string;
}

/** GET /api/requirements: the seller's requirements board. */
export function fetchBoard(q: BoardQuery) {
  const params = new URLSearchParams({ page: String(q.page) });
  if (q.search) params.set('search', q.search);
  if (q.state) params.set('state', q.state);
  return api<BoardPage>(`/requirements?${params}`);
}

export const boardQuery = (q: BoardQuery) =>
  queryOptions({
    queryKey: ['requirements', 'board', q],
    queryFn: () => fetchBoard(q),
    placeholderData: keepPreviousData,
  });

export const useBoard = (q: BoardQuery) => useQuery(boardQuery(q));
