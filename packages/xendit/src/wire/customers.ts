import { z } from 'zod';
import { merchantMetadataSchema } from './common.ts';

// The Customers API (POST /customers, GET /customers/{id}, GET /customers?reference_id=, PATCH
// /customers/{id}) is not in the Payments API's description: these follow the provider's API
// reference (docs.xendit.co/apidocs/create-customer-request, get-customers-list) and its official
// Node SDK's models (xendit-node 7, customer/models), which is what integrators send.

const e164 = z
  .string()
  .regex(/^\+[1-9]\d{6,14}$/, 'must be in E.164 format, such as +628123456789');

const individualDetailSchema = z.looseObject({
  given_names: z.string().min(1).max(255),
  given_names_non_roman: z.string().max(255).nullish(),
  middle_name: z.string().max(255).nullish(),
  surname: z.string().max(255).nullish(),
  surname_non_roman: z.string().max(255).nullish(),
  mother_maiden_name: z.string().max(255).nullish(),
  gender: z.enum(['MALE', 'FEMALE', 'OTHER']).nullish(),
  date_of_birth: z.iso.date().nullish(),
  nationality: z.string().length(2).nullish(),
  place_of_birth: z.string().max(255).nullish(),
  employment: z.looseObject({}).nullish(),
});

const businessDetailSchema = z.looseObject({
  business_name: z.string().min(1).max(255),
  business_type: z
    .enum([
      'CORPORATION',
      'SOLE_PROPRIETOR',
      'PARTNERSHIP',
      'COOPERATIVE',
      'TRUST',
      'NON_PROFIT',
      'GOVERNMENT',
    ])
    .nullish(),
  date_of_registration: z.iso.date().nullish(),
  nature_of_business: z.string().max(255).nullish(),
  business_domicile: z.string().length(2).nullish(),
});

const customerFields = {
  client_name: z.string().max(255).nullish(),
  description: z.string().max(500).nullish(),
  email: z.email().max(255).nullish(),
  mobile_number: e164.nullish(),
  phone_number: e164.nullish(),
  addresses: z.array(z.looseObject({ country: z.string().length(2) })).nullish(),
  identity_accounts: z.array(z.looseObject({ type: z.string().min(1) })).nullish(),
  kyc_documents: z.array(z.looseObject({ type: z.string().min(1) })).nullish(),
  metadata: merchantMetadataSchema.nullish(),
};

export const customerTypeSchema = z.enum(['INDIVIDUAL', 'BUSINESS']);
export type CustomerType = z.infer<typeof customerTypeSchema>;

/**
 * A customer's type: the one named, else the detail given says which (the SDK's CustomerRequest
 * leaves type optional).
 */
export const customerTypeOf = (customer: Readonly<Record<string, unknown>>): CustomerType =>
  customer.type === 'BUSINESS' || (customer.type === undefined && customer.business_detail != null)
    ? 'BUSINESS'
    : 'INDIVIDUAL';

export const createCustomerBodySchema = z
  .object({
    reference_id: z.string().min(1).max(255),
    type: customerTypeSchema.optional(),
    individual_detail: individualDetailSchema.nullish(),
    business_detail: businessDetailSchema.nullish(),
    ...customerFields,
  })
  .refine(
    (body) =>
      customerTypeOf(body) === 'BUSINESS'
        ? body.business_detail != null
        : body.individual_detail != null,
    {
      path: ['individual_detail'],
      message:
        'is required for an INDIVIDUAL customer (and business_detail for a BUSINESS customer)',
    },
  );
export type CreateCustomerBody = z.infer<typeof createCustomerBodySchema>;

export const updateCustomerBodySchema = z.object({
  reference_id: z.string().min(1).max(255).nullish(),
  individual_detail: individualDetailSchema.nullish(),
  business_detail: businessDetailSchema.nullish(),
  ...customerFields,
});
export type UpdateCustomerBody = z.infer<typeof updateCustomerBodySchema>;
