import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';

describe('canonicalJson', () => {
  it('writes equal bodies the same whatever their key order, at every depth', () => {
    const recorded = { b: 1, a: { d: [{ y: 2, x: 1 }], c: 'z' } };
    const rebuilt = { a: { c: 'z', d: [{ x: 1, y: 2 }] }, b: 1 };
    expect(canonicalJson(recorded)).toBe(canonicalJson(rebuilt));
    expect(canonicalJson(rebuilt)).toBe('{"a":{"c":"z","d":[{"x":1,"y":2}]},"b":1}');
  });

  it('leaves out keys holding undefined, as a body sent as JSON does', () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe(canonicalJson({ a: 1 }));
  });

  it('writes a Date as its ISO text, as JSON.stringify does', () => {
    const at = new Date('2026-11-27T22:00:00.000Z');
    expect(canonicalJson({ at })).toBe('{"at":"2026-11-27T22:00:00.000Z"}');
    expect(canonicalJson({ at })).not.toBe(canonicalJson({ at: new Date(0) }));
  });

  it('tells apart bodies that differ in a value or in an array order', () => {
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
    expect(canonicalJson({ a: null })).not.toBe(canonicalJson({ a: 0 }));
  });
});
