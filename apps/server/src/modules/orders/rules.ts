export interface OrderLine {
  productId: string | null;
  name: string;
  brand: string | null;
  category: string | null;
  hsnCode: string | null;
  unit: string | null;
  quantity: number;
  unitPaise: number;
  gstPercentage: number;
}

/** Line, tax and order totals in paise: GST per line at the line's own rate. */
export function priceLines(lines: OrderLine[]) {
  const priced = lines.map((l) => {
    const line = l.unitPaise * l.quantity;
    const tax = Math.round((line * l.gstPercentage) / 100);
    return { ...l, linePaise: line, taxPaise: tax };
  });
  const subtotal = priced.reduce((s, l) => s + l.linePaise, 0);
  const tax = priced.reduce((s, l) => s + l.taxPaise, 0);
  return { priced, subtotal, tax, shipping: 0, total: subtotal + tax };
}
