export const errorCodes = {
  validation: 'API_VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  tokenExpired: 'TOKEN_EXPIRED_ERROR',
  invalidCredential: 'INVALID_CREDENTIAL',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  appNotFound: 'APP_NOT_FOUND',
  customerNotFound: 'CUSTOMER_NOT_FOUND',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMIT_EXCEEDED',
  internal: 'INTERNAL_ERROR',
} as const;
