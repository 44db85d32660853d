/**
 * Response schemas check, they never change (issue 53). The production browser build swaps zod
 * for an inert stand-in that hands every response back as it came (web/src/lib/zod-unchecked.ts),
 * while tests and the server run real zod: a `.default()`, `.transform()`, `.catch()`,
 * `.preprocess()` or coercion in a response schema would give tests one value and members
 * another. So no schema the client reads a response with may hold one: the server presents
 * every field itself.
 */
import { describe, expect, it } from 'vitest';
import * as contract from './index.ts';

/** The kinds of zod node that change what they parse. */
const CHANGING = new Set(['default', 'prefault', 'catch', 'transform', 'pipe', 'success']);

interface Node {
  _zod: { def: Record<string, unknown> & { type: string; coerce?: boolean } };
}

function isSchema(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && '_zod' in value && typeof (value as Node)._zod?.def?.type === 'string';
}

/** The paths of the changing nodes inside a schema. */
function changingNodes(schema: Node, path: string, seen: Set<Node> = new Set()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def;
  const found: string[] = [];
  if (CHANGING.has(def.type)) found.push(`${path} (${def.type})`);
  if (def.coerce === true) found.push(`${path} (coerce)`);
  const children: [string, unknown][] = [];
  if (def.type === 'object') for (const [key, value] of Object.entries((def.shape ?? {}) as Record<string, unknown>)) children.push([`.${key}`, value]);
  for (const key of ['element', 'innerType', 'in', 'out', 'valueType', 'keyType', 'getter']) {
    const value = def[key];
    if (key === 'getter' && typeof value === 'function') children.push(['', (value as () => unknown)()]);
    else if (value !== undefined) children.push([key === 'element' ? '[]' : '', value]);
  }
  for (const key of ['options', 'items']) if (Array.isArray(def[key])) (def[key] as unknown[]).forEach((value, i) => children.push([`|${i}`, value]));
  if (def.left !== undefined) children.push(['&', def.left]);
  if (def.right !== undefined) children.push(['&', def.right]);
  for (const [suffix, child] of children) if (isSchema(child)) found.push(...changingNodes(child, `${path}${suffix}`, seen));
  return found;
}

const responseSchemas: [string, Node][] = Object.entries(contract as Record<string, unknown>).flatMap(([name, value]) => (/(Response|Result)$/.test(name) && isSchema(value) ? [[name, value] as [string, Node]] : []));

describe('response schemas', () => {
  it('are found (every exported *Response and *Result schema)', () => {
    expect(responseSchemas.length).toBeGreaterThan(40);
  });

  it('hold no default, transform, catch, preprocess or coercion', () => {
    const changing = responseSchemas.flatMap(([name, schema]) => changingNodes(schema, name));
    expect(changing).toEqual([]);
  });

  it('the walk sees a default deep inside', async () => {
    const { z: zod } = await import('zod');
    const probe = zod.object({ a: zod.array(zod.object({ b: zod.boolean().default(true) })) }) as unknown as Node;
    expect(changingNodes(probe, 'Probe')).toEqual(['Probe.a[].b (default)']);
  });
});
