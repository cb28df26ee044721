import ts from 'typescript';

/** The tables with a status column, as the schema names them in TypeScript and in SQL. */
const statusTables = [
  'payments',
  'paymentLines',
  'paymentMethods',
  'refunds',
  'cardSessions',
  'subscriptions',
  'subscriptionCycles',
];
const statusTableNames = [
  'payments',
  'payment_lines',
  'payment_methods',
  'refunds',
  'card_sessions',
  'subscriptions',
  'subscription_cycles',
];

const tableAlternatives = [...statusTables, ...statusTableNames].join('|');
/** `update <table> ... set ... status`, the table written plainly, quoted or interpolated. */
const sqlUpdate = new RegExp(
  String.raw`\bupdate\s+(?:only\s+)?["\w.]*?\b(?:${tableAlternatives})\b["]?[\s\S]*?\bset\b[\s\S]*?\bstatus\b`,
  'i',
);
/** `insert into <table> ... on conflict ... do update set ... status`. */
const sqlUpsert = new RegExp(
  String.raw`\binsert\s+into\s+["\w.]*?\b(?:${tableAlternatives})\b[\s\S]*?\bon\s+conflict\b[\s\S]*?\bdo\s+update\s+set\b[\s\S]*?\bstatus\b`,
  'i',
);

export type StatusWrite = { line: number; kind: 'update' | 'upsert' | 'sql'; text: string };

/**
 * What a `.set(...)` may write: an object literal names its columns (a spread of another literal
 * is looked into); anything else (a variable, a spread of one, a call) may carry a status.
 */
function mayWriteStatus(node: ts.Expression | undefined): boolean {
  if (!node) return false;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) {
    return mayWriteStatus(node.expression);
  }
  if (!ts.isObjectLiteralExpression(node)) return true;
  return node.properties.some((property) => {
    if (ts.isSpreadAssignment(property)) return mayWriteStatus(property.expression);
    const name = property.name;
    if (!name) return false;
    if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text === 'status';
    // A computed name may be 'status'.
    return ts.isComputedPropertyName(name);
  });
}

/** The table of the nearest `.<verb>(table)` down a call chain (`db.update(t).set(...)`). */
function tableOf(chain: ts.Expression, verb: 'update' | 'insert'): string | undefined {
  let node: ts.Expression = chain;
  while (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
    if (node.expression.name.text === verb) {
      const table = node.arguments[0];
      if (!table) return undefined;
      // `schema.payments` names the table by its last part.
      return ts.isPropertyAccessExpression(table) ? table.name.text : table.getText();
    }
    node = node.expression.expression;
  }
  return undefined;
}

/** What `onConflictDoUpdate(config)` sets: its `set`, or the whole config when it is not a literal. */
function upsertSet(config: ts.Expression | undefined): ts.Expression | undefined {
  if (!config || !ts.isObjectLiteralExpression(config)) return config;
  for (const property of config.properties) {
    if (ts.isSpreadAssignment(property)) return property.expression;
    if (property.name?.getText() !== 'set') continue;
    if (ts.isPropertyAssignment(property)) return property.initializer;
    if (ts.isShorthandPropertyAssignment(property)) return property.name;
  }
  return undefined;
}

/** The SQL a template or string holds, its interpolations written as their source. */
function sqlText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return (
      node.head.text +
      node.templateSpans.map((span) => span.expression.getText() + span.literal.text).join('')
    );
  }
  return undefined;
}

/**
 * Every write of a status column in one TypeScript source: drizzle's `.update(table).set(...)`
 * and `.insert(table)...onConflictDoUpdate({ set })` on a table with a status, when what they set
 * may hold a status, and SQL in a template or string that updates or upserts one.
 */
export function findStatusWrites(source: string, fileName = 'source.ts'): StatusWrite[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: StatusWrite[] = [];
  const report = (node: ts.Node, kind: StatusWrite['kind']) =>
    found.push({
      line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1,
      kind,
      text: node.getText(file).slice(0, 120),
    });

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const verb = node.expression.name.text;
      const chain = node.expression.expression;
      if (verb === 'set' && mayWriteStatus(node.arguments[0])) {
        const table = tableOf(chain, 'update');
        if (table && statusTables.includes(table)) report(node, 'update');
      }
      if (verb === 'onConflictDoUpdate') {
        const table = tableOf(chain, 'insert');
        if (table && statusTables.includes(table) && mayWriteStatus(upsertSet(node.arguments[0]))) {
          report(node, 'upsert');
        }
      }
    }
    const text = sqlText(node);
    if (text !== undefined && (sqlUpdate.test(text) || sqlUpsert.test(text))) report(node, 'sql');
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
