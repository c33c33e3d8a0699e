/**
 * Tool arguments are checked here, with TypeBox as REST checks its bodies, and what is wrong is
 * said in words naming the argument ("limit must be a whole number from 1 to 1000"), not in a
 * validator's terms; the tool's failure then carries it (see tool-error.ts).
 */
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

type Issue = { keyword: string; instancePath: string; params: Record<string, unknown> };
type PropertySchema = {
  type?: string;
  minimum?: number;
  maximum?: number;
  items?: PropertySchema;
};

const KINDS: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
};

/**
 * A checker of one tool's arguments against its input schema (an object of named arguments):
 * undefined when they are valid, else a sentence naming the argument and what it may be.
 */
export function argumentsChecker(toolName: string, input: object): (args: unknown) => string | undefined {
  const validator = Compile(input as TSchema);
  const properties = ((input as { properties?: Record<string, PropertySchema> }).properties ?? {}) as Record<
    string,
    PropertySchema
  >;
  return (args) => {
    if (validator.Check(args)) return undefined;
    const issues = [...validator.Errors(args)] as Issue[];
    // additionalProperties: false reports each extra name as a false schema, then names them all.
    const issue =
      issues.find((i) => i.keyword === 'additionalProperties') ??
      issues.find((i) => i.keyword !== 'boolean') ??
      issues[0];
    return issue ? `${describe(toolName, issue, properties, args)}.` : 'The arguments are not valid.';
  };
}

function describe(
  toolName: string,
  issue: Issue,
  properties: Record<string, PropertySchema>,
  args: unknown,
): string {
  const [name = '', index] = issue.instancePath.split('/').slice(1);
  const item = index !== undefined;
  const schema = item ? properties[name]?.items : properties[name];
  const { params } = issue;
  switch (issue.keyword) {
    case 'additionalProperties': {
      const allowed = Object.keys(properties);
      const extra = (params.additionalProperties as string[]).join(', ');
      return `unknown argument ${extra}; ${toolName} takes ${allowed.length ? allowed.join(', ') : 'no arguments'}`;
    }
    case 'required':
      return `${(params.requiredProperties as string[]).join(', ')} is required`;
    case 'type':
      if (!name) return 'the arguments must be an object';
      return `${item ? `${name}: each value` : name} must be ${KINDS[String(params.type)] ?? String(params.type)}`;
    case 'format':
      return `${name} must be a${params.format === 'uuid' ? ' UUID' : ` valid ${String(params.format)}`}`;
    case 'enum': {
      const value = JSON.stringify(valueAt(args, name, index));
      return `${name}: unknown value ${value}; allowed values are ${(params.allowedValues as unknown[]).join(', ')}`;
    }
    case 'minimum':
    case 'maximum':
      return schema?.minimum !== undefined && schema.maximum !== undefined
        ? `${name} must be a whole number from ${schema.minimum} to ${schema.maximum}`
        : `${name} must be ${String(params.comparison)} ${String(params.limit)}`;
    case 'minLength':
      return item ? `${name}: a value is empty` : `${name} must not be empty`;
    case 'maxLength':
      return `${name}: ${item ? 'a value' : 'the value'} is longer than ${String(params.limit)} characters`;
    case 'minItems':
      return `${name} needs at least ${params.limit === 1 ? 'one value' : `${String(params.limit)} values`}`;
    case 'maxItems':
      return `${name} takes at most ${String(params.limit)} values`;
    default:
      return `${name || 'the arguments'} ${(issue as { message?: string }).message ?? 'is not valid'}`;
  }
}

function valueAt(args: unknown, name: string, index: string | undefined): unknown {
  const value = (args as Record<string, unknown>)[name];
  return index === undefined ? value : (value as unknown[])[Number(index)];
}
