-- A pupil's marks and the exams they belong to are records a parent or a board may ask about:
-- withdrawn results go back to marks entry, never away. The app's role may not delete them.
REVOKE DELETE ON exams, exam_papers, exam_marks, grading_scales FROM app_user;
