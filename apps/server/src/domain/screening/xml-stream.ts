/**
 * The streaming XML reader every list parser shares (D63): saxes over the file's chunks, so a large
 * SDN_ADVANCED.XML is read element by element and never held as a document tree. A parser sees each
 * element's local name (namespaces differ between publications of the same list), its attributes, the
 * names of the elements it sits in, and on close the text directly inside it.
 */
import { SaxesParser } from 'saxes';

export interface XmlVisitor {
  /** `parents`: the enclosing elements' local names, root first (without this element). */
  open?(name: string, attributes: Record<string, string>, parents: readonly string[]): void;
  close?(name: string, text: string, parents: readonly string[]): void;
}

/** Text chunks from bytes or strings, UTF-8 decoded across chunk boundaries (a BOM is dropped). */
export async function* decodeChunks(
  chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    yield typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** Feeds the chunks through saxes, calling the visitor; rejects on the first well-formedness error. */
export async function streamXml(chunks: AsyncIterable<string>, visitor: XmlVisitor): Promise<void> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const parents: string[] = [];
  let text = '';
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    text = '';
    const name = tag.local ?? tag.name;
    if (!visitor.open) {
      parents.push(name);
      return;
    }
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (typeof attribute === 'string') continue;
      attributes[attribute.local || attribute.name] = attribute.value;
    }
    visitor.open(name, attributes, parents);
    parents.push(name);
  });
  parser.on('text', (chunk) => {
    text += chunk;
  });
  parser.on('cdata', (chunk) => {
    text += chunk;
  });
  parser.on('closetag', (tag) => {
    const name = parents.pop() ?? tag.local ?? tag.name;
    visitor.close?.(name, text.trim(), parents);
    text = '';
  });
  for await (const chunk of chunks) {
    parser.write(chunk);
    if (failure) throw failure;
  }
  parser.close();
  if (failure) throw failure;
}
