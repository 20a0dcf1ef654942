import bwipjs from 'bwip-js/node';

/** BWIPP's own PDF417 options, which bwip-js passes through (its types do not list them). */
const PDF417 = { eclevel: 5, columns: 12 };

const TED = /<TED version="1\.0">.*?<\/TED>/s;

/** The TED of a signed DTE (or EnvioDTE) exactly as the document carries it: what the timbre prints. */
export function tedOf(xml: string): string {
  const ted = TED.exec(xml)?.[0];
  if (!ted) throw new Error('El documento no tiene timbre (TED)');
  return ted;
}

/**
 * The printed timbre: the TED as a PDF417 barcode, error correction level 5 as the SII asks, with a
 * quiet zone around it for the readers. The TED's characters are ISO-8859-1, one byte each, as the
 * SII reads the timbre.
 */
export function timbrePng(ted: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'pdf417',
    text: ted,
    // One byte per character, ISO-8859-1, instead of bwip-js's UTF-8.
    binarytext: true,
    ...PDF417,
    scale: 2,
    height: 2,
    paddingwidth: 10,
    paddingheight: 10,
    backgroundcolor: 'FFFFFF',
  });
}
