export interface XmlNode {
  name: string;
  namespace: string | null;
  attributes: Record<string, string>;
  text: string;
  children: XmlNode[];
}

export function xmlTree(xml: string): XmlNode;

export function verifySignatures(xml: string, certificatePem: string): boolean[];
