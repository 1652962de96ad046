package cli

import "time"

// parseDoctorTimeout reads --timeout: a positive Go duration ("5s").
func parseDoctorTimeout(v string) (time.Duration, error) {
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, usagef("Error: corvid doctor --timeout must be a positive duration such as 5s (got %q)", v)
	}
	return d, nil
}
