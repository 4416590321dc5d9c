import QRCode from 'qrcode';

/** The signed QR code the IRP returns (a JWS), drawn as a PNG for the PDF; medium error correction as printed by IRPs. */
export function qrPngOf(signedQrCode: string): Promise<Buffer> {
  return QRCode.toBuffer(signedQrCode, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}
