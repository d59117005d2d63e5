import { ENTERPRISE_USER } from './scim-users';

/**
 * What Microsoft Entra ID sends that the RFC does not allow, made standard before the library reads
 * a PATCH (Entra's "Known issues" of SCIM 2.0 compliance):
 *   - booleans as strings: `{"op":"Replace","path":"active","value":"False"}`;
 *   - the manager as a bare id: `{"op":"Add","path":"urn:...:enterprise:2.0:User:manager","value":"42"}`;
 * also inside a replace without a path (`"value": {"active": "False", ...}`).
 */
export function standardPatchRequest(body: unknown): unknown {
  if (!isObject(body) || !Array.isArray(body.Operations)) return body;
  return { ...body, Operations: body.Operations.map(standardOperation) };
}

const MANAGER_PATH = `${ENTERPRISE_USER}:manager`.toLowerCase();
const BOOLEAN_PATHS = new Set(['active']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `"True"` / `"False"` (any case) as booleans; anything else as it is. */
function booleanOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const lower = value.trim().toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : value;
}

/** The value at `path` (lower case) made standard. */
function standardValue(path: string, value: unknown): unknown {
  if (BOOLEAN_PATHS.has(path)) return booleanOf(value);
  if (path === MANAGER_PATH && typeof value === 'string') return { value };
  if (path === ENTERPRISE_USER.toLowerCase() && isObject(value)) return standardValues(value, `${path}:`);
  return value;
}

function standardValues(values: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, standardValue(`${prefix}${key}`.toLowerCase(), value)]),
  );
}

function standardOperation(operation: unknown): unknown {
  if (!isObject(operation)) return operation;
  if (typeof operation.path === 'string')
    return { ...operation, value: standardValue(operation.path.toLowerCase(), operation.value) };
  return isObject(operation.value) ? { ...operation, value: standardValues(operation.value) } : operation;
}
