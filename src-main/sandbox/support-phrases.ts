/**
 * The canned phrases of the Sandbox's support replies (docs/architecture.md, "The Sandbox"):
 * per topic of the customer's message, a plain answer, a step begun, a fix done, steps the
 * customer can take and a question. `{product}` and `{order}` are filled from the request.
 * Nothing here is a model: the topic is the first whose words the customer's message contains.
 */
export interface SupportTopic {
  name: string;
  words: RegExp;
  /** What the product is called when the request names none. */
  product: string;
  /** Answers the question in general terms: no fix, no progress. */
  answer: string;
  /** A step towards a fix, without the fix. */
  progress: string;
  /** The problem fixed, saying what was done. */
  fix: string;
  steps: readonly string[];
  question: string;
}

// Checked in this order, so "I received the wrong size" is a wrong item before it is a delivery.
export const SUPPORT_TOPICS: readonly SupportTopic[] = [
  {
    name: 'wrong item',
    words:
      /\b(wrong (size|item|colou?r|product|one)|instead of|not what i ordered|missing (item|part|piece))\b/i,
    product: 'item',
    answer: 'Every item can be exchanged within 30 days of delivery.',
    progress: 'I have checked, and the right {product} is back in stock next week.',
    fix: 'I have sent the right {product} by express delivery, with a free return label for the wrong one.',
    steps: [
      'Keep the wrong {product} in its packaging.',
      'Print the return label from your order page.',
      'Drop the parcel at any post office.',
    ],
    question: 'Could you send me a photo of the label on the {product} you received?',
  },
  {
    name: 'faulty product',
    words:
      /\b(broke\w*|stopped working|faulty|defect\w*|damaged|does not work|doesn't work|won't (turn|switch) on|cracked|leak\w*)\b/i,
    product: 'item',
    answer: 'The {product} comes with a two-year warranty against faults.',
    progress: 'I have opened a warranty case for your {product}.',
    fix: 'I have arranged a replacement {product}; it ships today, and a courier will collect the faulty one.',
    steps: [
      'Unplug the {product} and let it rest for ten minutes.',
      'Plug it into a different socket and try once more.',
      'Keep the box, so the courier can take it back.',
    ],
    question: 'Could you send me a photo of the {product} and of its serial number?',
  },
  {
    name: 'sign-in',
    words:
      /\b(log ?in|logging in|sign ?in|signing in|password|locked out|reset (email|link)|verification code)\b/i,
    product: 'account',
    answer: 'Password reset emails are sent within a few minutes of the request.',
    progress: 'I have sent the reset link again; it may be in your spam folder.',
    fix: 'A typo in the email address on your {product} blocked the reset emails; I have corrected it and sent a new link just now.',
    steps: [
      'Open the sign-in page and choose "Forgot password".',
      'Enter the email address of your {product}.',
      'Follow the link in the email within one hour.',
    ],
    question: 'Can you confirm the email address on your {product}?',
  },
  {
    name: 'app fault',
    words: /\b(app|crash\w*|error message|bug|freez\w*|website|screen|update)\b/i,
    product: 'app',
    answer: 'The {product} keeps your settings on your device and in your account.',
    progress: 'Our developers know about this and are working on a fix.',
    fix: 'This was a bug in the last version; we released a fix this morning, so the update solves it.',
    steps: [
      'Close the {product} completely.',
      'Install the latest update from your app store.',
      'Open the {product} and sign in once more.',
    ],
    question: 'Could you tell me which device and app version you are using?',
  },
  {
    name: 'billing',
    words: /\b(charg\w*|bill\w*|invoice\w*|payment\w*|paid|pay|twice|subscription|price)\b/i,
    product: 'subscription',
    answer: 'The {product} is billed once a month, on the day you signed up.',
    progress: 'I have passed this to our billing team to check the payments on your account.',
    fix: 'I found the duplicate payment for your {product} and have reversed it; it will show on your statement within 3 to 5 days.',
    steps: [
      'Open "Billing" in your account settings.',
      'Compare the dates of the payments listed there.',
      'Download the invoices you need for your records.',
    ],
    question: 'Could you tell me the last four digits of the card that was charged?',
  },
  {
    name: 'delivery',
    words:
      /\b(arriv\w*|deliver\w*|shipping|shipped|parcel|package|tracking|courier|has not come|not come|late)\b/i,
    product: 'order',
    answer: 'Orders usually arrive within 3 to 5 working days of dispatch.',
    progress: 'I can see order #{order} left our warehouse, and I have asked the carrier where it is now.',
    fix: 'I have tracked order #{order}: it was held at the depot, and it is now out for delivery and will reach you tomorrow.',
    steps: [
      'Open the tracking link in your confirmation email.',
      'See whether a neighbour or a parcel shop took it in.',
      'Keep the tracking number at hand in case the courier calls.',
    ],
    question: 'Could you confirm the delivery address for order #{order}?',
  },
];

export const GENERAL_TOPIC: SupportTopic = {
  name: 'general',
  words: /$^/,
  product: 'order',
  answer: 'Our help centre covers the most common questions about orders and accounts.',
  progress: 'I have passed this to the right team, and they are looking into it.',
  fix: 'I have sorted this out on our side, and the problem is resolved.',
  steps: [
    'Open your account page.',
    'Choose the {product} this is about.',
    'Use "Contact us" there, so your details come with your message.',
  ],
  question: 'Could you tell me a little more about what happened?',
};

export function topicOf(customerMessage: string): SupportTopic {
  return SUPPORT_TOPICS.find((t) => t.words.test(customerMessage)) ?? GENERAL_TOPIC;
}

export const APOLOGIES = [
  'I am sorry for the trouble, and thank you for your patience.',
  'I am sorry about this, and thank you for letting us know.',
  'Please accept my apologies; thank you for your patience.',
];
export const THANKS = ['Thank you for getting in touch.', 'Thanks for writing to us.'];
export const REFUND_OFFERS = [
  'If you prefer, I can refund your payment in full.',
  'I can also refund the delivery fee to your original payment method.',
];
export const ORDER_QUESTION = 'Could you send me your order number?';
export const CLOSINGS = ['Best regards, Support.', 'Kind regards, the support team.'];
