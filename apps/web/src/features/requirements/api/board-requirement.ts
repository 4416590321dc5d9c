import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BoardRequirement } from '@ub/shared';
import { api } from '../../../lib/api.ts';

/** GET /api/requirements/:id: one requirement on the board, with my quote. */
export const fetchBoardRequirement = (id: string) => api<BoardRequirement>(`/requirements/${id}`);

export const boardRequirementQuery = (id: string) =>
  queryOptions({ queryKey: ['requirements', 'board', 'one', id], queryFn: () => fetchBoardRequirement(id) });

export const useBoardRequirement = (id: string) => useQuery(boardRequirementQuery(id));
