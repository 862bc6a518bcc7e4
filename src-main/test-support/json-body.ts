/**
 * A response body as JSON for assertions. Node's fetch types `json()` as `unknown`; the tests
 * read ad-hoc fields of the Sandbox's answers, and a failed field read fails the test anyway.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const jsonBody = (res: Response): Promise<any> => res.json();
