/** Headers that carry credentials or session state: the request log never keeps their values. */
export const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api-key)$/i;
