/**
 * The words for every error the window shows (i18n/error-text.ts): a part of its own, loaded with
 * the error notice (app/ErrorNotice.tsx), since a first screen without an error needs none.
 */
export const errors = {
  'errors.title': 'Something went wrong',
  'errors.bad_request': 'The gateway rejected the request: {gatewayMessage}',
  'errors.unauthorized': 'The key was refused — check it in Settings.',
  'errors.unauthorized_here': 'The key was refused: check it under API key above, or paste another.',
  'errors.payment_required':
    'The account balance is too low for this request. Top up the account, then retry.',
  'errors.not_found':
    'No such model or endpoint on this gateway. Check the model name and the profile’s address.',
  'errors.rate_limited': 'Rate limited — retry in {seconds} s.',
  'errors.rate_limited_nowait': 'Rate limited — wait a moment and retry.',
  'errors.server_error': 'The gateway had an internal error. Try again shortly.',
  'errors.forbidden':
    'The gateway refused access: the key is missing or may not use this endpoint. Check the key in Settings.',
  'errors.forbidden_here':
    'The gateway refused access: the key is missing or may not use this endpoint. Check the key under API key above.',
  'errors.link_expired':
    'The result link is no longer valid (it may have expired). Generate the result again.',
  'errors.too_large': 'The request is too large for the gateway. Shorten it and retry.',
  'errors.too_large_pair':
    'The state plus the longest question{question} is about {tokens} tokens, {over} over the judge’s limit of {limit}. Shorten the state.',
  'errors.too_large_total':
    'The whole request is about {tokens} tokens, {over} over the judge’s limit of {limit}. Shorten the state or the questions.',
  'errors.too_large_counted':
    'The gateway counted more than its limit of {limit} tokens for {what}; the estimate here is {tokens}. Shorten the state.',
  'errors.too_large_what_pair': 'the state plus the longest question',
  'errors.too_large_what_total': 'the whole request',
  'errors.overloaded': 'The gateway is overloaded right now. Wait a minute, then retry.',
  'errors.unprocessable': 'The gateway could not accept the request as written: {gatewayMessage}',
  'errors.http_error': 'The gateway answered HTTP {status}.',
  'errors.network':
    'The gateway could not be reached or the connection was cut. Check the address and your network.',
  'errors.network_unreachable': 'The gateway could not be reached. Check the address and your network.',
  'errors.network_dns': 'Could not find {host} (DNS). Check the address in Settings and your network.',
  'errors.network_dns_here': 'Could not find {host} (DNS). Check the address above and your network.',
  'errors.network_refused':
    'Nothing answered at {host} (connection refused). Is the gateway running at that address?',
  'errors.network_tls_untrusted':
    'The certificate of {host} is signed by an authority this machine does not trust (self-signed, or a company proxy that inspects traffic). If your company uses its own certificate authority, add it to the profile in Settings → Network → Trusted certificates.',
  'errors.network_tls_expired':
    'The certificate of {host} has expired or is not valid yet. Check this machine’s clock, and the address in Settings.',
  'errors.network_tls_name':
    'The certificate of {host} was issued for another name. Check the address in Settings; a proxy that inspects traffic may be showing its own certificate.',
  'errors.network_tls_other': 'The certificate of {host} could not be checked, so Gatehouse did not connect.',
  'errors.network_proxy':
    'The proxy {proxy} could not take the request. Check the proxy in Settings → Network, or choose “No proxy” there.',
  'errors.theGateway': 'the gateway',
  'errors.network_cut': 'The connection was cut before the reply finished. Try again.',
  'errors.timeout': 'The gateway did not answer in time. Try again, or check the address.',
  'errors.aborted': 'Stopped.',
  'errors.stream_error':
    'The reply broke off part-way: the gateway sent an error or the connection was cut. What arrived is kept.',
  'errors.bad_response':
    'The gateway sent a reply Gatehouse could not read. The raw reply is in the request log.',
  'errors.reply_too_large':
    'The gateway’s reply is larger than {size}, the most Gatehouse reads for this request, so it was not kept. Ask for less (fewer or smaller results), or check the gateway.',
  'errors.reply_deadline':
    'The reply was still arriving after {seconds} s, this profile’s reply deadline, so it was stopped there. The text up to that point is kept. If the model needs longer, raise Reply deadline in the profile’s Settings.',
  'errors.stream_event_too_large':
    'The gateway sent a single event larger than {size}, far more than any reply chunk, so the reply was stopped there. The text up to that point is kept. Check the gateway.',
  'errors.stream_too_large':
    'The streamed reply passed {size}, the most Gatehouse reads of one reply, so it was stopped there. The text up to that point is kept.',
  'errors.reply_too_deep':
    'The gateway sent JSON nested deeper than {depth} levels, which Gatehouse does not read. Check the gateway; the raw reply is in the request log.',
  'errors.reply_too_long':
    'The reply passed {chars} characters, the most Gatehouse keeps of one message, so it was stopped there. The text up to that point is kept.',
  'errors.internal_address':
    'The result address {host} points into this computer or a private network. Gatehouse fetches results there only from the gateway’s own host, so it did not fetch it.',
  'errors.redirect_other_host':
    'The gateway redirected to {host}. Gatehouse never sends the key to another address, so it stopped; if that is the gateway’s real address, put it in the profile.',
  'errors.redirect_too_many':
    'The address kept redirecting (last to {host}); Gatehouse stopped following it.',
  'errors.redirect_drops_body':
    'The gateway answered with a redirect (HTTP {status}) that would drop the request body; check the gateway address in the profile.',
  'errors.redirect_internal_address':
    'The gateway redirected to {host}, which is on this computer or a private network. Gatehouse follows redirects there only when the profile’s own address is on such a network, so it stopped; check the gateway address in the profile.',
  'errors.redirect_scheme':
    'The gateway redirected to a {scheme} address, which Gatehouse never opens (only http: and https:), so it stopped; check the gateway address in the profile.',
  'errors.invalid_input': 'Please fix: {message}',
  'errors.no_key': 'This profile has no API key yet — add one in Settings.',
  'errors.no_key_here': 'No key saved for this profile: paste one under API key above.',
  'errors.forbidden_sender': 'This window is not allowed to call the app.',
  'errors.unknown_route': 'Internal error: unknown route.',
  'errors.storage': 'Saving failed: {message}',
  'errors.disk_full': 'The disk is full, so it could not be written. Free some space and try again.',
  'errors.disk_full_folder':
    'The disk is full: {folder} has no room. Free some space on that disk (or choose another folder) and try again.',
  'errors.disk_full_needed':
    'The disk is full: {folder} has no room for {size} more. Free at least that much on that disk (or choose another folder) and try again.',
  'errors.internal': 'Internal error: {message}',
  'errors.requestId': 'Request id: {requestId}',
  'errors.gatewaySaid': 'The gateway said: “{gatewayMessage}”',
};
