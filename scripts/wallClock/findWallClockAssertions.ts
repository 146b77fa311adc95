import ts from 'typescript';

/** An assertion on elapsed wall time: where it is, and its text. */
export interface WallClockAssertion {
  readonly line: number;
  readonly text: string;
}

/** The matchers that bound a number: on elapsed time, a speed assertion. */
const BOUNDING_MATCHERS = new Set(['toBeLessThan', 'toBeLessThanOrEqual', 'toBeGreaterThan', 'toBeGreaterThanOrEqual', 'toBeCloseTo']);
const COMPARISONS = new Set([
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
]);

/**
 * The assertions of a test file that bound elapsed wall time (issue 40, point 8: speed is never
 * asserted; a test injects a clock, or asserts the order of things). Read from the syntax tree,
 * names matched file-wide (no scopes), with these words:
 *
 * - a wall-clock read is a call of `Date.now()`, `performance.now()`, `process.hrtime(…)`,
 *   `process.hrtime.bigint()`, or `new Date().getTime()` / `.valueOf()`;
 * - a wall-time name is one given a value that mentions a read or another wall-time name:
 *   `const started = Date.now()`, `times.push(performance.now())`, `const sorted = [...times]`.
 *   A mention inside a nested function does not count (`{ now: () => Date.now() + skew }`
 *   configures a client), unless the value is itself that function (`const now = () => Date.now()`).
 *   A name the test moves itself (`now += 300`, `skipped -= 5`, `ticks++`) is an injected clock
 *   and not a wall-time name, even when it started from the wall clock;
 * - a wall-time term is an expression that mentions a read or a wall-time name (not in a nested
 *   function);
 * - an elapsed time is a subtraction of two wall-time terms (`performance.now() - started`,
 *   `times[1] - times[0]`), and an elapsed name one given a value that mentions an elapsed time
 *   or another elapsed name (`const tookMs = Date.now() - killedAt`);
 * - a deadline is a wall-time term plus or minus something that is not one (`started + 2_000`),
 *   and a deadline name one given a deadline (`const until = Date.now() + timeoutMs`).
 *
 * Flagged, for `expect(actual)` (or `expect.soft`, through `.not`, `.resolves`, `.rejects`):
 * 1. a bounding matcher (toBeLessThan[OrEqual], toBeGreaterThan[OrEqual], toBeCloseTo) whose
 *    `actual` mentions an elapsed time or an elapsed name: `expect(Date.now() - t).toBeLessThan(…)`;
 * 2. any matcher whose `actual` is a comparison (<, <=, >, >=) with such a side:
 *    `expect(elapsed < 2_000).toBe(true)`;
 * 3. a bounding matcher whose `actual` is a wall-time term and whose argument is a deadline or a
 *    deadline name: `expect(Date.now()).toBeLessThan(started + 2_000)`.
 * Not flagged: a timestamp compared with a read or a wall-time name alone (`toBeGreaterThan(Date.now())`,
 * `toBeGreaterThanOrEqual(before)`): a bracket, which no slowness makes fail.
 */
export function findWallClockAssertions(fileName: string, source: string): WallClockAssertion[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const { values, moved } = bindingsOf(file);
  const wallNames = namesWhose(values, (value, names) => mentions(value, (node) => isClockRead(node) || isNameIn(node, names)), moved);
  const isWall = (node: ts.Node): boolean => mentions(node, (inner) => isClockRead(inner) || isNameIn(inner, wallNames));
  const isElapsed = (node: ts.Node): boolean =>
    ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.MinusToken && isWall(node.left) && isWall(node.right);
  const elapsedNames = namesWhose(values, (value, names) => mentions(value, (node) => isElapsed(node) || isNameIn(node, names)));
  const isDeadline = (node: ts.Node): boolean => {
    const bare = stripped(node);
    return (
      ts.isBinaryExpression(bare) &&
      (bare.operatorToken.kind === ts.SyntaxKind.PlusToken || bare.operatorToken.kind === ts.SyntaxKind.MinusToken) &&
      isWall(bare.left) !== isWall(bare.right)
    );
  };
  const deadlineNames = namesWhose(values, (value) => isDeadline(value));
  const mentionsElapsed = (node: ts.Node): boolean => mentions(node, (inner) => isElapsed(inner) || isNameIn(inner, elapsedNames));

  const found: WallClockAssertion[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const matcher = node.expression.name.text;
      const actual = actualOf(node.expression.expression);
      if (actual !== undefined) {
        const bare = stripped(actual);
        const bounding = BOUNDING_MATCHERS.has(matcher);
        const bound = node.arguments[0];
        const flagged =
          (bounding && mentionsElapsed(actual)) ||
          (ts.isBinaryExpression(bare) && COMPARISONS.has(bare.operatorToken.kind) && (mentionsElapsed(bare.left) || mentionsElapsed(bare.right))) ||
          (bounding && bound !== undefined && isWall(actual) && (isDeadline(bound) || isNameIn(stripped(bound), deadlineNames)));
        if (flagged) {
          const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
          found.push({ line: line + 1, text: node.getText(file).split('\n')[0] ?? '' });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The values each name is given in the file, and the names the file moves itself (+=, -=, ++, --). */
function bindingsOf(file: ts.SourceFile): { values: Map<string, ts.Node[]>; moved: Set<string> } {
  const values = new Map<string, ts.Node[]>();
  const moved = new Set<string>();
  const give = (name: string, value: ts.Node): void => void values.set(name, [...(values.get(name) ?? []), value]);
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.initializer !== undefined) {
      for (const name of namesBound(node.name)) give(name, node.initializer);
    } else if (ts.isBinaryExpression(node) && ts.isIdentifier(node.left)) {
      const operator = node.operatorToken.kind;
      if (operator === ts.SyntaxKind.EqualsToken) give(node.left.text, node.right);
      if (operator === ts.SyntaxKind.PlusEqualsToken || operator === ts.SyntaxKind.MinusEqualsToken) {
        if (mentions(node.right, isClockRead)) give(node.left.text, node.right);
        else moved.add(node.left.text);
      }
    } else if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && ts.isIdentifier(node.operand)) {
      if (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken) moved.add(node.operand.text);
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ts.isIdentifier(node.expression.expression)) {
      const method = node.expression.name.text;
      if (method === 'push' || method === 'unshift') for (const argument of node.arguments) give(node.expression.expression.text, argument);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { values, moved };
}

/** The identifiers a binding name declares (`a`, `{ a, b }`, `[a, b]`). */
function namesBound(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : namesBound(element.name)));
}

/** The names given a value that `qualifies` (knowing the names found so far), to a fixpoint; `excluded` never. */
function namesWhose(
  values: Map<string, ts.Node[]>,
  qualifies: (value: ts.Node, names: ReadonlySet<string>) => boolean,
  excluded: ReadonlySet<string> = new Set(),
): Set<string> {
  const names = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const [name, given] of values) {
      if (names.has(name) || excluded.has(name) || !given.some((value) => qualifies(value, names))) continue;
      names.add(name);
      grew = true;
    }
  }
  return names;
}

/**
 * Whether `node` or a part of it matches, not looking into nested functions: the value a name
 * is given is read, not what a callback it carries may read later. A function given as the
 * value itself is looked into (`const now = () => Date.now()`).
 */
function mentions(node: ts.Node, matches: (node: ts.Node) => boolean): boolean {
  const bare = stripped(node);
  if (ts.isArrowFunction(bare) || ts.isFunctionExpression(bare)) return mentionsOutsideFunctions(bare.body, matches);
  return mentionsOutsideFunctions(node, matches);
}

function mentionsOutsideFunctions(node: ts.Node, matches: (node: ts.Node) => boolean): boolean {
  if (matches(node)) return true;
  if (ts.isFunctionLike(node)) return false;
  return ts.forEachChild(node, (child) => mentionsOutsideFunctions(child, matches) || undefined) ?? false;
}

/** `Date.now()`, `performance.now()`, `process.hrtime(…)`, `process.hrtime.bigint()`, `new Date().getTime()` / `.valueOf()`. */
function isClockRead(node: ts.Node): boolean {
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression.getText();
  if (callee === 'Date.now' || callee === 'performance.now' || callee === 'process.hrtime' || callee === 'process.hrtime.bigint') return true;
  if (!ts.isPropertyAccessExpression(node.expression) || !['getTime', 'valueOf'].includes(node.expression.name.text)) return false;
  const target = stripped(node.expression.expression);
  return ts.isNewExpression(target) && target.expression.getText() === 'Date' && (target.arguments?.length ?? 0) === 0;
}

/** An identifier read as a value (not a property's name) that is one of `names`. */
function isNameIn(node: ts.Node, names: ReadonlySet<string>): boolean {
  if (!ts.isIdentifier(node) || !names.has(node.text)) return false;
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return false;
  return true;
}

/** The argument of the `expect(…)` a matcher hangs on (through .not, .resolves, .rejects), if it is one. */
function actualOf(receiver: ts.Expression): ts.Expression | undefined {
  let node = receiver;
  while (ts.isPropertyAccessExpression(node) && ['not', 'resolves', 'rejects'].includes(node.name.text)) node = node.expression;
  if (!ts.isCallExpression(node)) return undefined;
  const callee = node.expression.getText();
  return callee === 'expect' || callee === 'expect.soft' ? node.arguments[0] : undefined;
}

/** The expression without parentheses, `!`, `as` and `satisfies`. */
function stripped(node: ts.Node): ts.Node {
  let bare = node;
  while (ts.isParenthesizedExpression(bare) || ts.isNonNullExpression(bare) || ts.isAsExpression(bare) || ts.isSatisfiesExpression(bare))
    bare = bare.expression;
  return bare;
}
