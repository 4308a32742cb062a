import { BooleanInput, FormDataConsumer, TextInput } from 'react-admin';
import { mediaFieldProblems } from '@relining/contracts/media-rules';

/** The server's rules for a photo's describing fields, checked before sending, each message at its field. */
export function validateMediaFields(values: Record<string, unknown>) {
  return Object.fromEntries(mediaFieldProblems(values).map((problem) => [problem.field, problem.message]));
}

/** Alt text, caption, and the owner's consent when a customer's property is shown. */
export function MediaInputs() {
  return (
    <>
      <TextInput
        source="altText"
        label="Alt text"
        helperText="What the photo shows, for people who cannot see it (and for search engines)"
        fullWidth
        multiline
        isRequired
      />
      <TextInput source="caption" helperText="Shown under the photo where the page has captions (optional)" fullWidth />
      <BooleanInput source="showsCustomerProperty" label="Shows a customer's property" />
      <FormDataConsumer<{ showsCustomerProperty?: boolean }>>
        {({ formData }) =>
          formData.showsCustomerProperty ? (
            <TextInput
              source="consentNote"
              label="Owner's consent"
              helperText="Who agreed to the photo being published, and when"
              fullWidth
              multiline
              isRequired
            />
          ) : null
        }
      </FormDataConsumer>
    </>
  );
}
