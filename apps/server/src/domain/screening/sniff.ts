/**
 * Which list format a file is, from its first bytes (issue 18: never from the file name, which operators
 * rename and URLs hide): the XML root element and its namespace, or the CSV header. The prefix needs only
 * hold the root element's start tag, a few hundred bytes into any of the published files.
 */
import type { ListFormat } from './entry.ts';

/** The root element of an XML prefix and its default namespace, skipping the prolog and comments. */
function rootOf(prefix: string): { name: string; namespace?: string } | undefined {
  const body = prefix
    .replace(/^\uFEFF/, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[^>]*>/gi, '');
  const match = /<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)([^>]*)>/.exec(body);
  if (!match?.[2]) return undefined;
  const prefixName = match[1]?.slice(0, -1);
  const attributes = match[3] ?? '';
  const nsPattern = prefixName
    ? new RegExp(`xmlns:${prefixName}\\s*=\\s*"([^"]*)"`)
    : /xmlns\s*=\s*"([^"]*)"/;
  const namespace = nsPattern.exec(attributes)?.[1];
  return namespace ? { name: match[2], namespace } : { name: match[2] };
}

/** OFAC's SDN.XML namespaces: the Sanctions List Service's since 2024, and the older one. */
export const OFAC_SDN_NAMESPACES = [
  'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML',
  'http://tempuri.org/sdnList.xsd',
];
export const EU_FSF_NAMESPACE = 'http://eu.europa.ec/fpi/fsd/export';

const CSV_COLUMNS = ['name', 'aliases', 'date_of_birth', 'nationality', 'category', 'reference'];

function csvHeader(prefix: string): string[] | undefined {
  const firstLine = prefix.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  if (!firstLine.includes(',')) return undefined;
  return firstLine.split(',').map((cell) => cell.trim().replace(/^"|"$/g, '').toLowerCase());
}

/** The format, or undefined when the content is none we read. */
export function sniffFormat(prefix: string): ListFormat | undefined {
  const trimmed = prefix.replace(/^\uFEFF/, '').trimStart();
  if (trimmed.startsWith('<')) {
    const root = rootOf(trimmed);
    if (!root) return undefined;
    switch (root.name) {
      case 'sdnList':
        return root.namespace === undefined || OFAC_SDN_NAMESPACES.includes(root.namespace)
          ? 'ofac-sdn'
          : undefined;
      case 'Sanctions':
        // The advanced format's namespace changed too (un.org/sanctions/1.0, then the SLS ADVANCED_XML).
        return 'ofac-sdn-advanced';
      case 'CONSOLIDATED_LIST':
        return 'un-consolidated';
      case 'export':
        return root.namespace === EU_FSF_NAMESPACE || /<sanctionEntity[\s>]/.test(trimmed)
          ? 'eu-fsf'
          : undefined;
      case 'Designations':
        return 'uk-sanctions-list';
      default:
        return undefined;
    }
  }
  const header = csvHeader(trimmed);
  if (header && CSV_COLUMNS.every((column) => header.includes(column))) return 'operator-csv';
  return undefined;
}
