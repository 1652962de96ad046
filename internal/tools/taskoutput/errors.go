package taskoutput

import "errors"

// errEmptyID is the message for an input without a task id.
var errEmptyID = errors.New("task_id is empty. Pass the ID the Agent or Bash call returned when it started the task in the background.")
