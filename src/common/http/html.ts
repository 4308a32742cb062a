import Handlebars from 'handlebars';

/**
 * Text made safe inside HTML (element content and quoted attribute values): & < > " ' ` = escaped, the
 * same escaping handlebars applies to every value in an e-mail, so a value reads alike wherever it lands.
 */
export function escapeHtml(value: string): string {
  return Handlebars.escapeExpression(value);
}
