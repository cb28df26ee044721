import {
  apiErrorSchema,
  apiResponses,
  type ApiErrorBody,
  type ApiName,
} from '@store/contract/client';

/** Whether an answer matches the call's response schema, with the parsed answer when it does. */
export function checkResponse(
  name: ApiName,
  json: unknown,
): { success: true; data: unknown } | { success: false } {
  return apiResponses[name].safeParse(json);
}

/** The storefront's error shape, or undefined when the answer has another. */
export function checkErrorBody(json: unknown): ApiErrorBody | undefined {
  const parsed = apiErrorSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
