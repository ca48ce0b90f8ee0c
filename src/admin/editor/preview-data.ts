import type { CompiledValidator } from '../../content/generated/validators.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What the live preview shows while the owner types: the current values where they are valid,
 * and for each top-level field that is not (blank, half-typed address…), its `fallback` value
 * (the stored content). When that still does not validate, the whole fallback.
 */
export function previewData<T>(validate: CompiledValidator, current: unknown, fallback: T): T {
  if (validate(current)) return current as T;
  if (!isRecord(current) || !isRecord(fallback)) return fallback;
  const merged: Record<string, unknown> = { ...current };
  for (const error of validate.errors ?? []) {
    const missing = (error.params as { missingProperty?: string }).missingProperty;
    const extra = (error.params as { additionalProperty?: string }).additionalProperty;
    const key = error.instancePath.split('/')[1] ?? missing ?? extra;
    if (key === undefined) continue;
    if (key in fallback) merged[key] = fallback[key];
    else delete merged[key];
  }
  return validate(merged) ? (merged as T) : fallback;
}
