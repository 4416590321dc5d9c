/**
 * EWAYBILL_PROVIDER: who generates e-way bills. `local` (the default) generates nothing: it keeps the portal JSON
 * for the seller to upload at ewaybillgst.gov.in and lets them enter the number the portal gives. A provider for
 * the NIC e-way bill API (through a GSP) answers the number itself; none is wired here yet (see the README).
 */
export interface EwayBillProvider {
  readonly name: string;
  generate(payload: unknown): Promise<{ ewbNumber: string | null; ewbDate: Date | null }>;
}

export const localEwayBillProvider: EwayBillProvider = {
  name: 'local',
  async generate() {
    return { ewbNumber: null, ewbDate: null };
  },
};

export function ewayBillProvider(env: NodeJS.ProcessEnv = process.env): EwayBillProvider {
  const name = env.EWAYBILL_PROVIDER ?? 'local';
  if (name !== 'local') throw new Error(`EWAYBILL_PROVIDER=${name} is not available: use local`);
  return localEwayBillProvider;
}
