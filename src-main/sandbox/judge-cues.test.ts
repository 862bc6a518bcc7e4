import { describe, expect, it } from 'vitest';
import { fit, profileOf } from './routes/judge-concepts';
import { helpfulness, replyOf, stateFeatures } from './routes/judge-cues';

const exchange = (reply: string) => `Customer: Why was I charged twice? Can you check?\n\nAgent: ${reply}`;

describe('what the Sandbox judge reads in a state', () => {
  it('reads the reply: a JSON state’s reply field, the text after "Agent:", else the whole state', () => {
    expect(replyOf(JSON.stringify({ customer_message: 'Help?', agent_reply: 'Done.' })).reply).toBe('Done.');
    expect(replyOf(exchange('Hello.')).reply).toBe('Hello.');
    expect(replyOf('just a note').reply).toBe('just a note');
    // The customer's question marks are not the reply asking anything.
    expect(stateFeatures(exchange('Hello. Regards, Support.')).asks).toBe(0);
    expect(stateFeatures(exchange('Could you tell me which device you use?')).asks).toBeGreaterThan(0.7);
  });

  it('turns cues into strengths between 0 and 1 that grow with each further cue', () => {
    const one = stateFeatures(exchange('Thank you for writing.'));
    const three = stateFeatures(exchange('Thank you, and I am sorry. Please let me know if I can help.'));
    expect(one.warm).toBeGreaterThan(0);
    expect(three.warm).toBeGreaterThan(one.warm);
    expect(three.warm).toBeLessThan(1);
    const rude = stateFeatures(exchange('You should have read the instructions first.'));
    expect(rude.rude).toBeGreaterThan(0.5);
    expect(rude.warm).toBe(0);
    const fixed = stateFeatures(exchange('I found the duplicate charge and have reversed it.'));
    const begun = stateFeatures(exchange('I have passed them to our billing team to check.'));
    const off = stateFeatures(exchange('Our plan gives you every feature for one price.'));
    expect(fixed.done).toBeGreaterThan(0.5);
    expect(begun).toMatchObject({ done: 0 });
    expect(begun.partial).toBeGreaterThan(0.5);
    expect(off).toMatchObject({ done: 0, partial: 0, engaged: 0 });
    expect(helpfulness(fixed)).toBeGreaterThan(helpfulness(begun));
    expect(helpfulness(begun)).toBeGreaterThan(helpfulness(off));
  });

  it('lets a version be blind to apologies and credits, as judge-preview is', () => {
    const reply = exchange('I am sorry. As an apology, I have added a 10 euro credit to your account.');
    expect(stateFeatures(reply).warm).toBeGreaterThan(0);
    expect(stateFeatures(reply).money).toBeGreaterThan(0.5);
    expect(stateFeatures(reply, ['apologies', 'credits'])).toMatchObject({ warm: 0, money: 0 });
    // A refund is still money back to the preview.
    expect(stateFeatures(exchange('I have refunded the fee.'), ['credits']).money).toBeGreaterThan(0.5);
  });
});

describe('which cues a question names', () => {
  it('reads concepts from an option or statement, a negation just before turning one round', () => {
    expect(profileOf('polite Courteous and warm: greets, thanks or apologises where it fits.')).toEqual({
      warm: 1,
    });
    expect(profileOf('neutral Matter-of-fact, neither warm nor rude.')).toEqual({ warm: -1, rude: -1 });
    expect(profileOf('not_addressed The reply does not deal with the problem.')).toEqual({ addressed: -1 });
    expect(profileOf('The reply offers the customer a refund, a credit or money back.')).toEqual({
      money: 1,
    });
    expect(profileOf('The text is about cats')).toEqual({});
  });

  it('fits a state to a profile: a named cue present counts for it, a negated one against', () => {
    const warm = stateFeatures(exchange('Thank you, and I am sorry. Please let me know if I can help.'));
    const flat = stateFeatures(exchange('Hello. Regards, Support.'));
    const polite = profileOf('polite warm');
    const neutral = profileOf('neither warm nor rude');
    expect(fit(polite, warm)).toBeGreaterThan(fit(neutral, warm));
    expect(fit(neutral, flat)).toBeGreaterThan(fit(polite, flat));
  });
});
