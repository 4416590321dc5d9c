/**
 * Every word printed on a tax document, in one place; a second language is a second object of the same shape
 * (PDF_LABELS_HI), and the documents print their headings in both (BILINGUAL_PDF_LABELS).
 */
export const PDF_LABELS = {
  title: { invoice: 'TAX INVOICE', credit_note: 'CREDIT NOTE', debit_note: 'DEBIT NOTE' },
  copies: {
    original: 'Original for recipient',
    duplicate: 'Duplicate for transporter',
    triplicate: 'Triplicate for supplier',
  },
  number: { invoice: 'Invoice No.', credit_note: 'Credit Note No.', debit_note: 'Debit Note No.' },
  date: { invoice: 'Invoice Date', credit_note: 'Credit Note Date', debit_note: 'Debit Note Date' },
  againstInvoice: 'Against Invoice No.',
  invoiceDate: 'Invoice Date',
  reason: 'Reason',
  orderNo: 'Order No.',
  orderDate: 'Order Date',
  placeOfSupply: 'Place of Supply',
  reverseCharge: 'Whether tax is payable on reverse charge',
  no: 'No',
  state: 'State',
  stateCode: 'Code',
  gstin: 'GSTIN',
  unregistered: 'Unregistered',
  supplier: 'Supplier',
  billTo: 'Details of Recipient (Billed to)',
  shipTo: 'Details of Consignee (Shipped to)',
  attn: 'Attn',
  transport: 'Transport',
  ewayBill: 'E-way Bill No.',
  irn: 'IRN',
  ackNo: 'Ack No.',
  ackDate: 'Ack Date',
  columns: {
    no: '#',
    description: 'Description of Goods',
    hsn: 'HSN',
    qty: 'Qty',
    uqc: 'UQC',
    rate: 'Rate',
    taxable: 'Taxable Value',
    cgst: 'CGST',
    sgst: 'SGST',
    igst: 'IGST',
    ratePct: '%',
    amount: 'Amt',
    total: 'Total',
  },
  totals: {
    taxable: 'Total Taxable Value',
    cgst: 'Total CGST',
    sgst: 'Total SGST',
    igst: 'Total IGST',
    grand: { invoice: 'Invoice Total', credit_note: 'Total Credited', debit_note: 'Total Debited' },
  },
  taxReversed: 'Tax reversed by head',
  amountInWords: 'Amount in words',
  forSeller: 'For',
  signatory: 'Authorised Signatory',
  footer: 'This is a computer-generated document issued through Udyog Bazaar.',
  backfilled: 'Copy frozen from the order records on',
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
type Some<T> = { [K in keyof T]?: T[K] extends string ? string : Some<T[K]> };
export type PdfLabels = Widen<typeof PDF_LABELS>;

/**
 * The headings in Hindi, as the Hindi GST forms word them (कर बीजक for tax invoice): the title, the copy, the
 * parties, the totals, the amount in words and the signature. The numbered facts ("Invoice No.: ..."), the table
 * columns, the tax heads (CGST, GSTIN, HSN) and the small print stay English only: their columns are too narrow
 * for two scripts, and traders and officers read those fields in English.
 */
export const PDF_LABELS_HI: Some<PdfLabels> = {
  title: { invoice: 'कर बीजक', credit_note: 'क्रेडिट नोट', debit_note: 'डेबिट नोट' },
  copies: {
    original: 'प्राप्तकर्ता के लिए मूल प्रति',
    duplicate: 'ट्रांसपोर्टर के लिए दूसरी प्रति',
    triplicate: 'आपूर्तिकर्ता के लिए तीसरी प्रति',
  },
  supplier: 'आपूर्तिकर्ता',
  billTo: 'प्राप्तकर्ता का विवरण (बिल प्राप्तकर्ता)',
  shipTo: 'परेषिती का विवरण (माल प्राप्तकर्ता)',
  totals: {
    taxable: 'कुल कर योग्य मूल्य',
    grand: { invoice: 'बीजक कुल', credit_note: 'कुल क्रेडिट राशि', debit_note: 'कुल डेबिट राशि' },
  },
  taxReversed: 'मद अनुसार वापस किया गया कर',
  amountInWords: 'राशि शब्दों में',
  signatory: 'अधिकृत हस्ताक्षरकर्ता',
};

/** `first`, with each label `second` also words printed as "English / दूसरी भाषा". */
export function bilingualLabels(first: PdfLabels, second: Some<PdfLabels>): PdfLabels {
  const join = (a: unknown, b: unknown): unknown => {
    if (typeof a === 'string') return typeof b === 'string' && b ? `${a} / ${b}` : a;
    if (!a || typeof a !== 'object') return a;
    const other = (b ?? {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(a).map(([k, v]) => [k, join(v, other[k])]));
  };
  return join(first, second) as PdfLabels;
}

/** What the tax invoice, credit and debit note PDFs print: English headings with their Hindi beside them. */
export const BILINGUAL_PDF_LABELS: PdfLabels = bilingualLabels(PDF_LABELS, PDF_LABELS_HI);
