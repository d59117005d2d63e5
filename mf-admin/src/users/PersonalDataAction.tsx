import { useState } from 'react';
import { PERSONAL_DATA_FORMATS, PERSONAL_DATA_MESSAGES as M } from '@tht/contracts';
import { Button, Dialog, DialogActions, downloadPersonalData } from '@tht/ui';

/**
 * A user row's Personal data action (an access or portability request made to the organisation):
 * a dialog offering everything held about the person as JSON or CSV.
 */
export function PersonalDataAction({ personId, name }: { personId: number; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button $variant="secondary" aria-label={M.adminTitle(name)} onClick={() => setOpen(true)}>
        {M.adminAction}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={M.adminTitle(name)} description={M.adminDescription}>
        <DialogActions>
          <Button $variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          {PERSONAL_DATA_FORMATS.map((format) => (
            <Button
              key={format}
              onClick={() => {
                downloadPersonalData(personId, format);
                setOpen(false);
              }}
            >
              {M.downloadFormat(format)}
            </Button>
          ))}
        </DialogActions>
      </Dialog>
    </>
  );
}
