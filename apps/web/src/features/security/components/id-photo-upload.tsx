import type { IdPhotoKind } from '@agent-console/contract/real-name';
import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Upload } from 'antd';
import { useEffect, useState } from 'react';
import { notifyError } from '../../../lib/notify';
import { useAction } from '../../../lib/use-action';
import { uploadPhoto } from '../api/real-name';
import { photoFileError, readAsDataUrl } from '../photo-file';

interface IdPhotoUploadProps {
  kind: IdPhotoKind;
  label: string;
  /** The uploaded file's id (the form value). */
  value?: string;
  onChange?: (fileId: string | undefined) => void;
}

/** One ID photo: picks a JPG/JPEG/PNG under 10 MB, uploads it and shows it under its label. */
export function IdPhotoUpload({ kind, label, value, onChange }: IdPhotoUploadProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const { busy: uploading, run } = useAction();

  // The form was reset: forget the picture.
  useEffect(() => {
    if (!value) setPreview(null);
  }, [value]);

  const pick = async (file: File) => {
    const error = photoFileError(file);
    if (error) {
      notifyError(error);
      return;
    }
    await run(async () => {
      const dataUrl = await readAsDataUrl(file);
      const { fileId } = await uploadPhoto(kind, file.name, dataUrl);
      setPreview(dataUrl);
      onChange?.(fileId);
    });
  };

  return (
    <Upload
      className="id-photo-upload"
      listType="picture-card"
      accept=".jpg,.jpeg,.png,image/jpeg,image/png"
      showUploadList={false}
      beforeUpload={(file) => {
        void pick(file);
        return false;
      }}
    >
      {preview ? (
        // The tile keeps its label once the photo shows: which of the three it is stays readable.
        <div className="id-photo-preview">
          <img src={preview} alt={label} />
          <span className="id-photo-caption">
            {uploading ? <LoadingOutlined /> : null}
            {label}
          </span>
        </div>
      ) : (
        <div className="id-photo-placeholder">
          {uploading ? <LoadingOutlined /> : <PlusOutlined />}
          <span>{label}</span>
        </div>
      )}
    </Upload>
  );
}
