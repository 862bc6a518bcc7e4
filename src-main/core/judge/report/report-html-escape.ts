/**
 * Text put into a report's HTML (docs/architecture.md, "Reports"). Every string a user wrote (a
 * set's, question's, option's or case's name, a state) passes here, so none can open a tag, end
 * an attribute or start an entity. The same escaping serves element text and quoted attributes,
 * in HTML and in the inline SVG the HTML parser reads.
 */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
