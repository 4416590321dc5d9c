import { useQuery } from '@tanstack/react-query';
import type { BuyerDashboard } from '@ub/shared';
import { api } from '../../../lib/api.ts';

/** GET /api/buyer/dashboard: the buyer's figures and recent orders. */
export const fetchBuyerDashboard = () => api<BuyerDashboard>('/buyer/dashboard');

export function useBuyerDashboard() {
  return useQuery({ queryKey: ['buyer', 'dashboard'], queryFn: fetchBuyerDashboard });
}
