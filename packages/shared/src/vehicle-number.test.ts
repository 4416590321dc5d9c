import { describe, expect, it } from 'vitest';
import { transportSchema } from './tax-documents.ts';
import {
  isVehicleNumber,
  normaliseVehicleNumber,
  VEHICLE_NUMBER_MESSAGE,
  vehicleNumberSchema,
} from './vehicle-number.ts';

describe('vehicle numbers (the e-way bill portal formats)', () => {
  it('normalises spaces, hyphens and case', () => {
    expect(normaliseVehicleNumber('ka-01 ab 1234')).toBe('KA01AB1234');
    expect(normaliseVehicleNumber('  mh 12-a  1234 ')).toBe('MH12A1234');
    expect(vehicleNumberSchema.parse('ka-01 ab 1234')).toBe('KA01AB1234');
    expect(vehicleNumberSchema.parse('22 bh 1234 ab')).toBe('22BH1234AB');
  });

  it.each([
    ['KA01AB1234', 'two series letters'],
    ['KA12A1234', 'one series letter'],
    ['KA121234', 'no series letter'],
    ['DL01CAB1234', 'three series letters'],
    ['KA123A1234', 'a three-digit RTO code'],
    ['ABC1234', 'the old three-letter series'],
    ['22BH1234AB', 'Bharat series'],
    ['22BH1234A', 'Bharat series, one letter'],
    ['DF12345B6', 'defence'],
    ['TR0123KA4567', 'temporary registration'],
    ['TM12AB345', 'temporary RC'],
    ['BP1234567', 'Bhutan'],
    ['NP12AB345', 'Nepal'],
  ])('accepts %s (%s)', (number) => {
    expect(isVehicleNumber(number)).toBe(true);
    expect(vehicleNumberSchema.safeParse(number).success).toBe(true);
  });

  it.each([
    ['KAAB12', 'no RTO code and too short'],
    ['DL1C1234', 'a one-digit RTO code (the portal wants DL01C1234)'],
    ['KA01ABCD1234', 'four series letters'],
    ['KA01AB123', 'three final digits'],
    ['KA01AB12345', 'five final digits'],
    ['K01AB1234', 'one state letter'],
    ['KA01AB1234X', 'a letter after the number'],
    ['TR1234', 'a temporary number too short'],
    ['DF1234567890ABCD', 'longer than 15 characters'],
    ['KA01.AB.1234', 'dots'],
    ['MH१२AB1234', 'Devanagari digits'],
  ])('refuses %s (%s) with the message', (number) => {
    expect(isVehicleNumber(normaliseVehicleNumber(number))).toBe(false);
    const r = vehicleNumberSchema.safeParse(number);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(VEHICLE_NUMBER_MESSAGE);
  });

  it('lets an empty field through, and the transport form still asks for a vehicle on road', () => {
    expect(vehicleNumberSchema.parse('  ')).toBe('');
    const road = transportSchema.safeParse({ transporterName: 'VRL', mode: 'road', vehicleNumber: '', distanceKm: 10 });
    expect(road.error?.issues.map((i) => i.message)).toEqual(['Vehicle number is required for road.']);
    const bad = transportSchema.safeParse({
      transporterName: 'VRL',
      mode: 'road',
      vehicleNumber: 'ka ab 12',
      distanceKm: 10,
    });
    expect(bad.error?.issues).toMatchObject([{ path: ['vehicleNumber'], message: VEHICLE_NUMBER_MESSAGE }]);
    const ok = transportSchema.parse({
      transporterName: 'VRL',
      mode: 'road',
      vehicleNumber: 'ka-12-a-1234',
      distanceKm: 10,
    });
    expect(ok.vehicleNumber).toBe('KA12A1234');
  });
});
