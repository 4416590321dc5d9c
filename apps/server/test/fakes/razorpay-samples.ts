/**
 * Webhook bodies in the shape of the samples on Razorpay's "Payments Webhook Events" and "Refunds Webhook Events"
 * pages (https://razorpay.com/docs/webhooks/payments, .../webhooks/refunds): the envelope, the ids and the fields
 * are Razorpay's; long card and acquirer blocks are shortened. Kept as text so a test signs exactly these bytes.
 */
export const paymentCapturedSample = `{
  "entity": "event",
  "account_id": "acc_BFQ7uQEaa7j2z7",
  "event": "payment.captured",
  "contains": ["payment"],
  "payload": {
    "payment": {
      "entity": {
        "id": "pay_DESlfW9H8K9uqM",
        "entity": "payment",
        "amount": 100,
        "currency": "INR",
        "base_amount": 100,
        "status": "captured",
        "order_id": "order_DESlLckIVRkHWj",
        "invoice_id": null,
        "international": false,
        "method": "netbanking",
        "amount_refunded": 0,
        "amount_transferred": 0,
        "refund_status": null,
        "captured": true,
        "description": null,
        "card_id": null,
        "bank": "HDFC",
        "wallet": null,
        "vpa": null,
        "email": "gaurav.kumar@example.com",
        "contact": "+919876543210",
        "notes": [],
        "fee": 2,
        "tax": 0,
        "error_code": null,
        "error_description": null,
        "error_source": null,
        "error_step": null,
        "error_reason": null,
        "acquirer_data": { "bank_transaction_id": "0125836177" },
        "created_at": 1567674599
      }
    }
  },
  "created_at": 1567674606
}`;

export const paymentFailedSample = `{
  "entity": "event",
  "account_id": "acc_BFQ7uQEaa7j2z7",
  "event": "payment.failed",
  "contains": ["payment"],
  "payload": {
    "payment": {
      "entity": {
        "id": "pay_DESmgdyC9knAvX",
        "entity": "payment",
        "amount": 100,
        "currency": "INR",
        "status": "failed",
        "order_id": "order_DESmRDCAdJYLFd",
        "invoice_id": null,
        "international": false,
        "method": "netbanking",
        "amount_refunded": 0,
        "refund_status": null,
        "captured": false,
        "description": null,
        "card_id": null,
        "bank": "HDFC",
        "wallet": null,
        "vpa": null,
        "email": "gaurav.kumar@example.com",
        "contact": "+919876543210",
        "notes": [],
        "fee": null,
        "tax": null,
        "error_code": "BAD_REQUEST_ERROR",
        "error_description": "Payment failed",
        "error_source": "customer",
        "error_step": "payment_authentication",
        "error_reason": "payment_failed",
        "acquirer_data": { "bank_transaction_id": null },
        "created_at": 1567674656
      }
    }
  },
  "created_at": 1567674658
}`;

export const refundProcessedSample = `{
  "entity": "event",
  "account_id": "acc_CJoeHMNpi0nC7k",
  "event": "refund.processed",
  "contains": ["refund", "payment"],
  "payload": {
    "refund": {
      "entity": {
        "id": "rfnd_EE3XHxMPGHGXvz",
        "entity": "refund",
        "amount": 100,
        "currency": "INR",
        "payment_id": "pay_EE3Rp2HXbcdQBv",
        "notes": [],
        "receipt": null,
        "acquirer_data": { "arn": "10000000000000" },
        "created_at": 1581340538,
        "batch_id": null,
        "status": "processed",
        "speed_processed": "normal",
        "speed_requested": "optimum"
      }
    },
    "payment": {
      "entity": {
        "id": "pay_EE3Rp2HXbcdQBv",
        "entity": "payment",
        "amount": 100,
        "currency": "INR",
        "status": "refunded",
        "order_id": "order_EE3RkGxCXwqzQr",
        "method": "card",
        "amount_refunded": 100,
        "refund_status": "full",
        "captured": true,
        "created_at": 1581340317
      }
    }
  },
  "created_at": 1581340539
}`;
