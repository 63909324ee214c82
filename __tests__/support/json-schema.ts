/**
 * A small JSON Schema validator for the subset GitHub's REST description (OpenAPI 3.0 flavour)
 * uses in the endpoints the Action calls, and the subset of draft 2020-12 the committed
 * `schemas/*.schema.json` use: type (with `nullable`), properties, required, enum, const, items,
 * prefixItems, additionalProperties, propertyNames, anyOf / oneOf / allOf, min/maxLength,
 * pattern, min/maxItems, format date-time / uri. Unknown keywords are ignored, as JSON Schema
 * says. Returns every violation with its JSON path.
 */
export type Schema = Record<string, unknown>;

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function typeMatches(want: string, v: unknown): boolean {
  const got = typeOf(v);
  return got === want || (want === 'number' && got === 'integer');
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export function validate(schema: Schema | undefined, value: unknown, path = '$'): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const errors: string[] = [];
  if (value === null && schema['nullable'] === true) return [];
  const type = schema['type'];
  if (typeof type === 'string' && !typeMatches(type, value)) {
    return [
      `${path}: expected ${type}${schema['nullable'] ? ' or null' : ''}, got ${typeOf(value)}`,
    ];
  }
  if (Array.isArray(type) && !type.some((t) => typeMatches(String(t), value))) {
    return [`${path}: expected one of ${type.join('|')}, got ${typeOf(value)}`];
  }
  const en = schema['enum'];
  if (Array.isArray(en) && !en.some((e) => e === value))
    errors.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(en)}`);
  if (Object.hasOwn(schema, 'const') && JSON.stringify(schema['const']) !== JSON.stringify(value))
    errors.push(`${path}: ${JSON.stringify(value)} is not ${JSON.stringify(schema['const'])}`);
  if (typeof value === 'string') {
    const pattern = schema['pattern'];
    if (typeof pattern === 'string' && !new RegExp(pattern, 'u').test(value))
      errors.push(`${path}: "${value}" does not match ${pattern}`);
    const max = schema['maxLength'];
    const min = schema['minLength'];
    const chars = Array.from(value).length;
    if (typeof max === 'number' && chars > max)
      errors.push(`${path}: string of ${chars} characters is longer than maxLength ${max}`);
    if (typeof min === 'number' && chars < min)
      errors.push(`${path}: string shorter than minLength ${min}`);
    if (schema['format'] === 'date-time' && !DATE_TIME.test(value))
      errors.push(`${path}: "${value}" is not a date-time`);
    if (schema['format'] === 'uri' && !/^[a-z][a-z0-9+.-]*:/i.test(value))
      errors.push(`${path}: "${value}" is not a uri`);
  }
  if (Array.isArray(value)) {
    const max = schema['maxItems'];
    const min = schema['minItems'];
    if (typeof max === 'number' && value.length > max)
      errors.push(`${path}: ${value.length} items, more than maxItems ${max}`);
    if (typeof min === 'number' && value.length < min)
      errors.push(`${path}: fewer than minItems ${min}`);
    const prefix = (schema['prefixItems'] as Schema[] | undefined) ?? [];
    prefix.forEach((s, i) => {
      if (i < value.length) errors.push(...validate(s, value[i], `${path}[${i}]`));
    });
    const items = schema['items'] as Schema | false | undefined;
    value.slice(prefix.length).forEach((v, j) => {
      const i = j + prefix.length;
      if (items === false) errors.push(`${path}[${i}]: no item is allowed past prefixItems`);
      else if (items) errors.push(...validate(items, v, `${path}[${i}]`));
    });
  }
  if (typeOf(value) === 'object') {
    const obj = value as Record<string, unknown>;
    const props = (schema['properties'] ?? {}) as Record<string, Schema>;
    for (const r of (schema['required'] as string[] | undefined) ?? []) {
      if (!Object.hasOwn(obj, r)) errors.push(`${path}: missing required property "${r}"`);
    }
    const names = schema['propertyNames'] as Schema | undefined;
    for (const [k, v] of Object.entries(obj)) {
      if (names) errors.push(...validate(names, k, `${path}[${JSON.stringify(k)}]`));
      if (Object.hasOwn(props, k)) errors.push(...validate(props[k]!, v, `${path}.${k}`));
      else if (schema['additionalProperties'] === false)
        errors.push(`${path}: unexpected property "${k}"`);
      else if (typeof schema['additionalProperties'] === 'object')
        errors.push(...validate(schema['additionalProperties'] as Schema, v, `${path}.${k}`));
    }
  }
  const allOf = schema['allOf'] as Schema[] | undefined;
  if (allOf) for (const s of allOf) errors.push(...validate(s, value, path));
  const anyOf = schema['anyOf'] as Schema[] | undefined;
  if (anyOf && !anyOf.some((s) => validate(s, value, path).length === 0)) {
    errors.push(
      `${path}: matches none of anyOf (${anyOf.map((s) => validate(s, value, path).join('; ')).join(' | ')})`,
    );
  }
  const oneOf = schema['oneOf'] as Schema[] | undefined;
  if (oneOf) {
    const n = oneOf.filter((s) => validate(s, value, path).length === 0).length;
    if (n !== 1) errors.push(`${path}: matches ${n} of oneOf, expected exactly 1`);
  }
  return errors;
}
