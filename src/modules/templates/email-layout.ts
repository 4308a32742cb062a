/**
 * The HTML frame every e-mail is sent in: our own handlebars source (trusted, never staff-edited),
 * with inline styles because most mail clients ignore style sheets.
 */
export const EMAIL_LAYOUT = `<!DOCTYPE html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>{{subject}}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden;font-family:Arial,Helvetica,sans-serif;color:#1e293b;">
<tr><td style="background:#0b3b66;padding:20px 28px;color:#ffffff;font-size:20px;font-weight:bold;">{{brandName}}</td></tr>
<tr><td style="padding:28px;font-size:16px;line-height:1.6;">
{{{content}}}
{{#if button}}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0 8px;"><tr><td style="border-radius:6px;background:#f97316;">
<a href="{{button.url}}" style="display:inline-block;padding:12px 24px;color:#ffffff;font-weight:bold;text-decoration:none;">{{button.label}}</a>
</td></tr></table>
{{/if}}
</td></tr>
<tr><td style="padding:16px 28px;background:#f8fafc;color:#64748b;font-size:13px;line-height:1.5;">
{{brandName}} · <a href="{{brandPhoneHref}}" style="color:#64748b;">{{brandPhone}}</a> · <a href="mailto:{{brandEmail}}" style="color:#64748b;">{{brandEmail}}</a><br>{{serviceArea}}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
